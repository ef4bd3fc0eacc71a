/**
 * What a Daybook process printed, as the messages it logged: a JSON log line (production) gives its
 * `msg`, a readable one (demo, development, commands: `[12:00:00] INFO: …`) loses its time and
 * level (and the request it belongs to), and a message of several lines gives each of them. Anything else (a command's own answer,
 * Next's banner) stays as printed.
 */
const READABLE = /^\[\d\d:\d\d:\d\d(?:\.\d+)?\] (?:TRACE|DEBUG|INFO|WARN|ERROR|FATAL): /;

export function logMessages(line: string): string[] {
  if (line.startsWith("{")) {
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      if (typeof parsed.msg === "string") return parsed.msg.split("\n");
    } catch {
      // Not a log line after all.
    }
  }
  return [line.replace(READABLE, "").replace(/ \[request [\w-]+\]$/, "")];
}

/** A whole output, message by message. */
export function messagesOf(text: string): string[] {
  return text.split("\n").flatMap(logMessages);
}
