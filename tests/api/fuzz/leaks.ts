/**
 * What an answer must never carry: a stack trace, a server file path, SQL text or a database error. The fuzzing
 * suite scans every textual body with it; tests/unit/fuzz-leaks.test.ts proves it on known samples.
 */
const leakPatterns: readonly { name: string; pattern: RegExp }[] = [
  // V8 frames: "at fn (/path/file.js:10:5)", "at async fn (file:///...)", "at /path/file.js:1:2", also JSON-escaped.
  { name: 'stack frame', pattern: /(?:^|\n|\\n)\s*at\s+(?:async\s+)?(?:[^\s()]+\s+)?\(?(?:file:\/\/|node:|\/|[A-Za-z]:\\|webpack|<anonymous>)[^\s()]*(?::\d+:\d+)?\)?/ },
  { name: 'stack frame', pattern: /\bat\s+[\w$.<>[\]]+\s+\([^()\s]+:\d+:\d+\)/ },
  { name: 'error class', pattern: /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|DrizzleQueryError|DatabaseError|PostgresError): / },
  { name: 'internal message', pattern: /Cannot read propert(?:y|ies) of (?:undefined|null)|is not a function\b|Unexpected token .* in JSON/ },
  { name: 'file path', pattern: /\/(?:home|work|root|usr|var|tmp|opt|app|srv)\/[^\s"'<>]+\.(?:[cm]?[jt]sx?|node)\b/ },
  { name: 'file path', pattern: /file:\/\/\/|node_modules[\\/]|webpack-internal:|\.next[\\/]server/ },
  { name: 'sql', pattern: /\bFailed query\b/i },
  { name: 'sql', pattern: /\bselect\s+(?:distinct\s+)?(?:\*|count\s*\(|"[\w$]+"|[\w$]+\s*,|[\w$]+\.[\w$"]+)[\s\S]{0,400}?\bfrom\s+"?[\w$]+/i },
  { name: 'sql', pattern: /\binsert\s+into\s+"?[\w$]+"?\s*(?:\(|values\b|select\b)/i },
  { name: 'sql', pattern: /\bupdate\s+"?[\w$]+"?\s+set\s+"?[\w$]+"?\s*=/i },
  { name: 'sql', pattern: /\bdelete\s+from\s+"?[\w$]+"?\s*(?:where\b|returning\b|$|;)/i },
  { name: 'sql error', pattern: /syntax error at or near|invalid input syntax for|violates (?:not-null|foreign key|check|unique) constraint/i },
  { name: 'sql error', pattern: /\b(?:relation|column|function|operator) "?[^"\s]+"? does not exist|out of range for type|invalid byte sequence for encoding/i },
  { name: 'sql error', pattern: /\bSQLSTATE\b|"(?:code|sqlState|routine)"\s*:\s*"(?:[0-9A-Z]{5}|\w+_\w+\.c|\w+Error)"|\bpg_\w+\.c\b/ },
  { name: 'sql error', pattern: /\b(?:code|error)\W{1,4}(?:22P02|22003|22001|22007|22008|22021|23502|23503|23514|42601|42703|42P01|42883|40001|XX000)\b/i },
];

export interface Leak {
  name: string;
  excerpt: string;
}

/** The first leak in a body's text, or null when it carries none. */
export function findLeak(text: string): Leak | null {
  for (const { name, pattern } of leakPatterns) {
    const match = pattern.exec(text);
    if (match) {
      const start = Math.max(0, match.index - 40);
      return { name, excerpt: text.slice(start, match.index + match[0].length + 40) };
    }
  }
  return null;
}

/** Bodies worth reading as text: JSON, plain text, CSV, HTML, calendars. Images and PDFs are bytes the server made. */
export function isTextual(contentType: string | null): boolean {
  if (!contentType) return true;
  return /json|text\/|csv|html|xml|calendar|javascript/i.test(contentType);
}
