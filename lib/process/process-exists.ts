// Whether a process of this machine still runs: lock holders and temp-folder owners that died are taken over.

export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
