/** /field/positions/$id: a position opened from My work or a list. */
import { useParams } from '@tanstack/react-router';
import { PositionView } from './position-view.tsx';

export function PositionScreen() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const numeric = Number(id);
  return <PositionView key={id} source={{ id: Number.isInteger(numeric) && numeric > 0 ? numeric : 0 }} />;
}
