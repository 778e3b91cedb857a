// A compactor of one's own: it decides what the summary says and where the kept part of the conversation
// starts; the compaction plugin still does the rest (when to compact, events, storage, rebuilding the
// context). This one asks no model: it keeps the last turns and lists the earlier requests.
//
//   npx jiti docs/examples/custom-compactor.ts
import { createPithSession, definePlugin, messageText, type Compactor } from "pith";

const KEEP_USER_TURNS = 1;

const requestListCompactor: Compactor = {
  name: "request-list",
  async compact({ branchEntries, messages, estimateTokens }) {
    const userEntries = branchEntries.filter((entry) => entry.type === "message" && entry.message.role === "user");
    const firstKept = userEntries.at(-KEEP_USER_TURNS);
    const dropped = userEntries.slice(0, -KEEP_USER_TURNS);
    if (!firstKept || dropped.length === 0) throw new Error(`nothing to compact: the session has at most ${KEEP_USER_TURNS} user turn(s)`);
    const requests = dropped.map((entry) => `- ${entry.type === "message" ? messageText(entry.message).slice(0, 200) : ""}`);
    return {
      summary: `Earlier in this session the user asked:\n${requests.join("\n")}`,
      firstKeptEntryId: firstKept.id,
      tokensBefore: messages.reduce((sum, message) => sum + estimateTokens(message), 0),
      details: { dropped: dropped.length },
    };
  },
};

// Loaded after the built-in compaction plugin, so its service is there to take the compactor.
const compactorPlugin = definePlugin({
  name: "request-list-compactor",
  setup: (context) => context.use("compaction").setCompactor(requestListCompactor),
});

const session = await createPithSession({ plugins: [compactorPlugin], noTools: true });
await session.prompt("Suggest a name for a CLI that summarises logs.");
// Compaction leaves the most recent compaction.keepRecentTokens (20,000 by default) alone, so a session must be
// larger than that before there is anything to compact; a pasted log makes this one so.
const log = Array.from({ length: 3000 }, (_, line) => `12:00:${String(line % 60).padStart(2, "0")} worker-${line % 7} request handled in ${line % 97} ms`);
await session.prompt(`Now suggest a tagline for it. Logs like these are what it reads:\n${log.join("\n")}`);

const result = await session.compact();
console.log(result.summary);
console.log(`kept: ${session.getMessages().map((message) => message.role).join(", ")}`);
console.log(`tokens before: ${result.tokensBefore}`);
await session.dispose();
