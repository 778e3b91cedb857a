// A path as the screen shows it: under the home folder, from `~`.
export function homePath(path: string, home: string | undefined): string {
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}
