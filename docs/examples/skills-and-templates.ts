// Skills and prompt templates: Markdown files pith finds in .pi/skills and .pi/prompts (project), in
// ~/.pi/agent/skills and ~/.pi/agent/prompts (user), or at paths given to the session. This example writes a
// skill and a template into a folder of its own and loads only those.
//
//   npx jiti docs/examples/skills-and-templates.ts
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPithSession } from "pith";

const folder = await mkdtemp(join(tmpdir(), "pith-resources-"));
await mkdir(join(folder, "skills", "changelog"), { recursive: true });
await mkdir(join(folder, "prompts"));
await writeFile(
  join(folder, "skills", "changelog", "SKILL.md"),
  "---\nname: changelog\ndescription: Write changelog entries in Keep a Changelog style. Use when asked for release notes.\n---\n" +
    "Group entries under Added, Changed, Fixed. One line per change, imperative mood.\n",
);
await writeFile(
  join(folder, "prompts", "review.md"),
  "---\ndescription: Review one file\nargument-hint: <file> [focus]\n---\nReview $1 for bugs. Focus on: ${@:2}\n",
);

const session = await createPithSession({
  skillPaths: [join(folder, "skills")],
  promptTemplatePaths: [join(folder, "prompts")],
  // only the files above: no discovery in the project or the user's folders
  noSkills: true,
  noPromptTemplates: true,
  noSession: true,
});

console.log("commands:", session.getCommands().map((command) => `/${command.name}`).join(" "));
console.log("skill listed in the system prompt:", (await session.agent.refreshSystemPrompt()).includes("<name>changelog</name>"));

// `/review` expands before the model sees it; so does `/skill:changelog` (the skill's instructions plus the request).
await session.prompt("/review src/app.ts error handling and retries");
await session.prompt("/skill:changelog Notes for 1.2.0: faster start-up, fixed the --resume crash");
for (const message of session.getMessages().filter((message) => message.role === "user")) {
  const text = typeof message.content === "string" ? message.content : message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
  console.log(`sent: ${text.split("\n")[0]}`);
}
await session.dispose();
await rm(folder, { recursive: true, force: true });
