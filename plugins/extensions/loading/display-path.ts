// How an extension file is named in messages: relative to the project when inside it, `~/...` under the home
// folder, absolute otherwise.
import { homedir } from "node:os";
import { isAbsolute, relative, sep } from "node:path";

export function displayPath(path: string, cwd: string, home: string = homedir()): string {
  const inProject = relative(cwd, path);
  if (inProject && !inProject.startsWith("..") && !isAbsolute(inProject)) return inProject;
  const inHome = relative(home, path);
  if (home && inHome && !inHome.startsWith("..") && !isAbsolute(inHome)) return `~${sep}${inHome}`;
  return path;
}
