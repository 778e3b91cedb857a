// Run by test/sessions/pi16-compat.test.ts under Node 22: prints what pi 1.6.0's own SessionManager reads from a file.
const [,, piIndex, file, leaf] = process.argv;
const { SessionManager } = await import(piIndex);
const manager = SessionManager.open(file);
// read at another leaf than the file's last entry
if (leaf) manager.branch(leaf);
const shape = (nodes) => nodes.map((node) => ({ id: node.entry.id, label: node.label, children: shape(node.children) }));
process.stdout.write(JSON.stringify({ entries: manager.getEntries(), leafId: manager.getLeafId(), context: manager.buildSessionContext(), tree: shape(manager.getTree()), name: manager.getSessionName() }));
