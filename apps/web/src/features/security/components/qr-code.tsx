import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code of `value` drawn as SVG paths (one per row run), crisp at any size. */
export function QrCode({
  value,
  label,
  size = 176,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const { path, width } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    const runs: string[] = [];
    qr.data.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x += 1;
          continue;
        }
        const start = x;
        while (x < row.length && row[x]) x += 1;
        runs.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
      }
    });
    return { path: runs.join(''), width: qr.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
