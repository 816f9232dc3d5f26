// The runner's progress lines, on stderr (stdout carries the report).

export function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}
