/**
 * The built-in script a newcomer watches in the demo: the model reads a file, proposes a
 * shell command that changes the disk (so it needs approval), asks a question with an
 * hcn-question block, and finishes once the answer comes back. A denied call ends the demo
 * there: the model says so and asks nothing more.
 */
import { parseScript, type Script } from "./script-schema.js";

export const DEFAULT_SCRIPT: Script = parseScript(
  {
    rules: [
      {
        name: "demo-answer",
        match: { assistantSaid: "```hcn-question" },
        replies: [
          {
            text: [
              "Thanks for the answer. ",
              "That is the whole demo: I read a file, ran a command you approved, and asked you a question.",
            ],
            delayMs: 40,
          },
        ],
      },
      {
        name: "demo",
        replies: [
          {
            thinking: "Start by looking at the project before changing anything.",
            text: ["Let me look at the project first."],
            tools: [{ tool: "read", path: "README.md" }],
            delayMs: 40,
          },
          {
            text: [
              "I have read it. ",
              "Next I will create a small file. This command changes the disk, so it needs your approval.",
            ],
            tools: [{ tool: "shell", command: "touch hmux-demo.txt" }],
            delayMs: 40,
          },
          {
            text: ["The command finished. ", "One decision before I wrap up:"],
            question: {
              question: "Should I keep hmux-demo.txt?",
              options: ["keep it", "delete it"],
              recommended: "keep it",
            },
            delayMs: 40,
          },
        ],
        onError: {
          text: [
            "That did not run, so I will leave the project as it is. ",
            "That is the whole demo: I read a file, asked before changing anything, and took no for an answer.",
          ],
          delayMs: 40,
        },
      },
    ],
  },
  "default script",
);
