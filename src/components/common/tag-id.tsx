/**
 * An NFC tag id (A-Z and 0-9, so O and 0 both occur, as in XJ0O2Z43), in a monospace
 * face with every zero slashed, whatever font the browser or printer has: the slash is drawn over
 * the digit, not asked of the font (font-variant-numeric: slashed-zero is honoured by few). The
 * text stays the id as it is, for copying and screen readers.
 */
import './tag-id.css';

export function TagId({ value, className }: { value: string; className?: string }) {
  const parts = value.split(/(0)/).filter((part) => part !== '');
  return (
    <code className={className ? `tag-id ${className}` : 'tag-id'}>
      {parts.map((part, i) =>
        part === '0' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
          <span key={i} className="tag-id__zero">
            0
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}
