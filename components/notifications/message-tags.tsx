import { Tag } from '@/components/ui/tag';
import { messageSegments } from '@/lib/contract/notifications';

/** A rule's message as the table shows it: text, with each placeholder as a tag holding its stored token. */
export function MessageWithTags({ message }: { message: string }) {
  return (
    <span className="line-clamp-3 leading-6 break-words">
      {messageSegments(message).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <span key={index} className="mx-0.5" data-placeholder={segment.placeholder}>
            <Tag colour="blue">{segment.token}</Tag>
          </span>
        ),
      )}
    </span>
  );
}
