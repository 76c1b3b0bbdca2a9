/** /t/$tag: what a tag's URL opens (a phone reading the tag, the QR code, or Scan). */
import { useParams } from '@tanstack/react-router';
import { PositionView } from './position-view.tsx';

export function TagScreen() {
  const { tag } = useParams({ strict: false }) as { tag?: string };
  return <PositionView key={tag} source={{ tag: (tag ?? '').trim() }} />;
}
