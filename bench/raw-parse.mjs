// The reference every decode figure is a ratio to: what any consumer of a stream-json file pays at
// least, as a whole process. Streams the file in 64 KiB reads (as hmux decode does), decodes UTF-8
// across chunk boundaries, splits on "\n" and JSON.parses every line. Prints the record count.
import { createReadStream } from "node:fs";

const decoder = new TextDecoder();
let partial = "";
let records = 0;
for await (const chunk of createReadStream(process.argv[2], { highWaterMark: 64 * 1024 })) {
  const lines = (partial + decoder.decode(chunk, { stream: true })).split("\n");
  partial = lines.pop() ?? "";
  for (const line of lines) if (line !== "" && JSON.parse(line)) records++;
}
if (partial !== "" && JSON.parse(partial)) records++;
process.stdout.write(`${records}\n`);
