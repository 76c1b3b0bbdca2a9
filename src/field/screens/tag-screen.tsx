/** /t/{tag}: what a tag's URL opens (a phone reading the tag, the QR code, or Scan). */
import { PositionView } from './position-view.tsx';

export function TagScreen({ tag }: { tag: string }) {
  return <PositionView key={tag} source={{ tag }} />;
}
