import type { MobileApp } from './mobile-app';

/**
 * Hands a downloaded file to the person: in a browser a download of the file itself (an object
 * URL, revoked right after); inside the mobile app the bytes go to the app's download message
 * (000 s1), which saves or shares them natively.
 */
export async function saveFile(blob: Blob, fileName: string, mobileApp: MobileApp | null): Promise<void> {
  if (mobileApp) {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    mobileApp.send({ type: 'download', fileName, mimeType: blob.type || 'application/octet-stream', dataBase64: btoa(binary) });
    return;
  }
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
