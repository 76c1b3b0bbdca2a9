/**
 * A camera photo made small enough to send from a site: at most MAX_PHOTO_EDGE pixels on its long
 * edge, re-encoded as JPEG, in the browser before it is queued (a phone's 12-megapixel photo would
 * take minutes over a weak link). Smaller images are re-encoded too, which also drops their
 * metadata.
 */
export const MAX_PHOTO_EDGE = 2_000;
export const PHOTO_QUALITY = 0.85;

export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function resizePhoto(file: Blob, max = MAX_PHOTO_EDGE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      'image/jpeg',
      PHOTO_QUALITY,
    ),
  );
}
