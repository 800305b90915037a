/** The proof types the server accepts (it checks the bytes too). */
export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** A file's bytes as base64, without the data URL's `data:...;base64,` head. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
