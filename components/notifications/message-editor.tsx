'use client';

import { useEffect, useRef } from 'react';
import { tagColours } from '@/components/ui/tag';
import {
  messagePlaceholders,
  messageSegments,
  storedToken,
  trackingPlaceholder,
  type MessagePlaceholder,
  type NotificationRecipient,
} from '@/lib/contract/notifications';

const tagClass = `mx-0.5 inline-flex items-center rounded px-1.5 text-xs font-medium whitespace-nowrap ring-1 select-all ${tagColours.blue}`;

/** The tag's text: the token as it will be stored for the chosen recipient (client_name), bare before one is chosen. */
const tagLabel = (placeholder: MessagePlaceholder, recipient: NotificationRecipient | undefined) =>
  recipient ? storedToken(placeholder, recipient) : placeholder;

function tagElement(placeholder: MessagePlaceholder, recipient: NotificationRecipient | undefined): HTMLElement {
  const tag = document.createElement('span');
  tag.contentEditable = 'false';
  tag.dataset.placeholder = placeholder;
  tag.className = tagClass;
  tag.textContent = tagLabel(placeholder, recipient);
  return tag;
}

/** The editor's content as message text: each tag becomes `{placeholder}`; line breaks and hard spaces become spaces. */
function serialize(node: Node): string {
  let text = '';
  node.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
    else if (child instanceof HTMLElement) {
      if (child.dataset.placeholder) text += `{${child.dataset.placeholder}}`;
      else if (child.tagName !== 'BR') text += serialize(child);
    }
  });
  return text.replace(/\u00a0/g, ' ').replace(/[\r\n]+/g, ' ');
}

function render(editor: HTMLElement, value: string, recipient: NotificationRecipient | undefined): void {
  editor.replaceChildren(
    ...messageSegments(value).map((segment) =>
      segment.kind === 'text' ? document.createTextNode(segment.text) : tagElement(segment.placeholder, recipient),
    ),
  );
}

/** The caret's place in the editor, or its end when the caret is elsewhere. */
function caretRange(editor: HTMLElement): Range {
  const selection = window.getSelection();
  if (selection && selection.rangeCount > 0) {
    const range = selection.getRangeAt(0);
    if (editor.contains(range.commonAncestorContainer)) return range;
  }
  const end = document.createRange();
  end.selectNodeContents(editor);
  end.collapse(false);
  return end;
}

function insertAtCaret(editor: HTMLElement, nodes: Node[]): void {
  const range = caretRange(editor);
  range.deleteContents();
  // insertNode puts each node at the range's start, so they go in last first.
  for (const node of [...nodes].reverse()) range.insertNode(node);
  const last = nodes.at(-1);
  if (last) range.setStartAfter(last);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * The message of a notification rule (spec 03 §2.5, §5): one line of text in which Enter does nothing, and
 * placeholders are tags inserted by the buttons below it (tracking_url only with feature 7). `value` holds the
 * placeholders bare, as `{name}`; the tags show them as they will be stored for the chosen recipient.
 */
export function MessageEditor({
  labelId,
  value,
  recipient,
  trackingLink,
  invalid,
  placeholdersLabel,
  describePlaceholder,
  onChange,
}: {
  labelId: string;
  value: string;
  recipient: NotificationRecipient | undefined;
  trackingLink: boolean;
  invalid: boolean;
  placeholdersLabel: string;
  describePlaceholder: (placeholder: MessagePlaceholder) => string;
  onChange: (value: string) => void;
}) {
  const editorRef = useRef<HTMLDivElement>(null);
  /** What the editor last reported: a value that differs came from outside (the record loaded, the form reset). */
  const reported = useRef<string | null>(null);
  const offered = messagePlaceholders.filter((placeholder) => trackingLink || placeholder !== trackingPlaceholder);

  /** The recipient the tags are labelled for; a ref, as a new recipient relabels the tags without re-rendering them. */
  const labelledFor = useRef(recipient);

  useEffect(() => {
    labelledFor.current = recipient;
    editorRef.current?.querySelectorAll<HTMLElement>('[data-placeholder]').forEach((tag) => {
      tag.textContent = tagLabel(tag.dataset.placeholder as MessagePlaceholder, recipient);
    });
  }, [recipient]);

  useEffect(() => {
    const editor = editorRef.current;
    // Re-rendering the editor's own report would move the caret to the start.
    if (!editor || value === reported.current) return;
    render(editor, value, labelledFor.current);
    reported.current = value;
  }, [value]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    // Covers what keydown cannot see: a soft keyboard's return, or a line break from the browser's own commands.
    const blockLineBreaks = (event: InputEvent) => {
      if (event.inputType === 'insertParagraph' || event.inputType === 'insertLineBreak') event.preventDefault();
    };
    editor.addEventListener('beforeinput', blockLineBreaks);
    return () => editor.removeEventListener('beforeinput', blockLineBreaks);
  }, []);

  const report = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const text = serialize(editor);
    reported.current = text;
    onChange(text);
  };

  const insertPlaceholder = (placeholder: MessagePlaceholder) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    // A space after the tag gives the caret somewhere to go: browsers cannot place it after a final non-editable tag.
    insertAtCaret(editor, [tagElement(placeholder, recipient), document.createTextNode(' ')]);
    report();
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={editorRef}
        role="textbox"
        aria-multiline="false"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        spellCheck
        className={`min-h-20 rounded-md border bg-white px-3 py-2 text-sm leading-7 whitespace-pre-wrap text-slate-900 outline-none focus:ring-2 focus:ring-brand/40 ${invalid ? 'border-red-500' : 'border-slate-300'}`}
        onInput={report}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        onPaste={(event) => {
          // Only the text, on one line: pasted markup or line breaks would not survive as a message.
          event.preventDefault();
          const text = event.clipboardData.getData('text/plain').replace(/[\r\n]+/g, ' ');
          if (editorRef.current && text) insertAtCaret(editorRef.current, [document.createTextNode(text)]);
          report();
        }}
        onDrop={(event) => event.preventDefault()}
      />
      <div role="group" aria-label={placeholdersLabel} className="flex flex-wrap gap-1.5">
        {offered.map((placeholder) => (
          <button
            key={placeholder}
            type="button"
            title={describePlaceholder(placeholder)}
            // Keeps the caret in the editor, so the tag goes where the user was typing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insertPlaceholder(placeholder)}
            className="rounded border border-dashed border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:border-brand hover:text-brand"
          >
            {tagLabel(placeholder, recipient)}
          </button>
        ))}
      </div>
    </div>
  );
}
