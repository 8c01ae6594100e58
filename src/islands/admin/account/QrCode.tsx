import { toCanvas } from 'qrcode';
import { useEffect, useRef } from 'react';

/** The otpauth:// URI as a QR code, drawn in the page (no image service sees the key). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) void toCanvas(ref.current, value, { width: 208, margin: 2, errorCorrectionLevel: 'M' });
  }, [value]);
  return <canvas ref={ref} role="img" aria-label={label} className="h-52 w-52 rounded-lg bg-white" />;
}
