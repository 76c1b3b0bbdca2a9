/**
 * PrimeReact's inline message markup (.p-inline-message, styled by the theme) without loading
 * PrimeReact: for the sign-in page and the access-denied alert, which the first load renders.
 */
const ICONS = { error: 'pi-times-circle', warn: 'pi-exclamation-triangle', info: 'pi-info-circle' } as const;

export function InlineMessage({
  severity,
  text,
  className,
  role = 'alert',
}: {
  severity: keyof typeof ICONS;
  text: string;
  className?: string;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      className={`p-inline-message p-component p-inline-message-${severity}${className ? ` ${className}` : ''}`}
      role={role}
    >
      <span className={`p-inline-message-icon pi ${ICONS[severity]}`} aria-hidden="true" />
      <span className="p-inline-message-text">{text}</span>
    </div>
  );
}
