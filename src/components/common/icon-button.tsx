/**
 * A round, borderless icon button (remove, revoke, delete in a list): its accessible name says
 * what and which ("Remove Maija Test from the group"), the tooltip what it does.
 */
import { Button } from 'primereact/button';

type Props = {
  icon: string;
  /** The accessible name, naming the row it acts on. */
  label: string;
  /** Shown on hover; none when omitted. */
  tooltip?: string;
  tooltipPosition?: 'top' | 'left' | 'right' | 'bottom';
  /** Red: it removes or deletes something. */
  danger?: boolean;
  onClick: () => void;
};

export function IconButton({ icon, label, tooltip, tooltipPosition, danger, onClick }: Props) {
  return (
    <Button
      type="button"
      icon={icon}
      rounded
      text
      severity={danger ? 'danger' : undefined}
      aria-label={label}
      tooltip={tooltip}
      tooltipOptions={tooltip && tooltipPosition ? { position: tooltipPosition } : undefined}
      onClick={onClick}
    />
  );
}
