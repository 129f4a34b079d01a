/**
 * Reads an NDJSON answer line by line as it streams in (a CSV import's progress lines, then its result); answers
 * the last line, or null when none came.
 */
export async function readNdjsonLines<Line>(body: ReadableStream<Uint8Array>, onLine: (line: Line) => void): Promise<Line | null> {
  const reader = body.getReader();
  let last: Line | null = null;
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    const parts = text.split('\n');
    text = parts.pop() ?? '';
    for (const part of parts) {
      if (part.trim() === '') continue;
      last = JSON.parse(part) as Line;
      onLine(last);
    }
  }
  return last;
}
