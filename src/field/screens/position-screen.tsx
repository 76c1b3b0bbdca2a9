/** /field/positions/{id}: a position opened from My work or a list (id 0 when the path's is not one). */
import { PositionView } from './position-view.tsx';

export function PositionScreen({ id }: { id: number }) {
  return <PositionView key={id} source={{ id }} />;
}
