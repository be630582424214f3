import { useId } from 'react';
import type { AvatarTraits } from '../team-members';

/** A little darker, for the neck and ears in the head's shadow. */
function shade(hex: string, by = 0.82) {
  const n = parseInt(hex.slice(1), 16);
  const part = (shift: number) => Math.round(((n >> shift) & 255) * by);
  return `rgb(${part(16)} ${part(8)} ${part(0)})`;
}

function Hair({ style, hair, shirt }: Pick<AvatarTraits, 'style' | 'hair' | 'shirt'>) {
  switch (style) {
    case 'short':
      return (
        <path d="M39 50c-2-17 8-27 21-27s23 10 21 27c-4-9-10-13-21-13s-17 4-21 13z" fill={hair} />
      );
    case 'bun':
      return (
        <>
          <circle cx="60" cy="20" r="10" fill={hair} />
          <path
            d="M38 52c-3-19 8-30 22-30s25 11 22 30c-3-11-11-17-22-17s-19 6-22 17z"
            fill={hair}
          />
        </>
      );
    case 'wrap':
      // A head wrap in a bright cloth, knotted on top.
      return (
        <>
          <path
            d="M35 50c-6-24 8-38 25-38s31 14 25 38c-5-10-13-15-25-15s-20 5-25 15z"
            fill={shirt}
          />
          <path d="M46 16c6-8 22-8 28 0-6 4-22 4-28 0z" fill={shade(shirt, 0.8)} />
          <path
            d="M38 40c12-6 32-6 44 0"
            stroke="#fff"
            strokeOpacity="0.45"
            strokeWidth="2"
            fill="none"
          />
        </>
      );
    case 'braids':
      return (
        <>
          <path d="M38 50c-3-18 8-28 22-28s25 10 22 28c-4-9-12-14-22-14s-18 5-22 14z" fill={hair} />
          {[34, 40, 80, 86].map((x) => (
            <rect key={x} x={x - 3} y="42" width="6" height="40" rx="3" fill={hair} />
          ))}
        </>
      );
    case 'afro':
      return null; // drawn behind the head
    case 'bald':
      return (
        <path
          d="M47 32c5-4 11-5 16-4"
          stroke="#fff"
          strokeOpacity="0.25"
          strokeWidth="3"
          strokeLinecap="round"
          fill="none"
        />
      );
  }
}

/** A drawn portrait from a few traits (team-members.ts); decorative, the name is beside it. */
export function TeamAvatar({ traits, size = 96 }: { traits: AvatarTraits; size?: number }) {
  const clipId = useId();
  const { skin, hair, style, shirt, background, beard, glasses } = traits;
  return (
    <svg
      className="team-avatar"
      width={size}
      height={size}
      viewBox="0 0 120 120"
      aria-hidden="true"
    >
      <defs>
        <clipPath id={clipId}>
          <circle cx="60" cy="60" r="60" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="120" height="120" fill={background} />
        {style === 'afro' && <circle cx="60" cy="40" r="29" fill={hair} />}
        <path d="M14 124c0-26 20-40 46-40s46 14 46 40z" fill={shirt} />
        <path d="M50 84l10 12 10-12z" fill="#fff" fillOpacity="0.85" />
        <rect x="51" y="66" width="18" height="20" rx="6" fill={shade(skin)} />
        <circle cx="39" cy="52" r="5" fill={shade(skin)} />
        <circle cx="81" cy="52" r="5" fill={shade(skin)} />
        <ellipse cx="60" cy="50" rx="21" ry="24" fill={skin} />
        <Hair style={style} hair={hair} shirt={shirt} />
        {beard && (
          <path d="M41 54c2 16 10 22 19 22s17-6 19-22c-3 7-9 10-19 10s-16-3-19-10z" fill={hair} />
        )}
        <circle cx="52" cy="52" r="2.4" fill="#1b1410" />
        <circle cx="68" cy="52" r="2.4" fill="#1b1410" />
        <path
          d="M52 62q8 6 16 0"
          stroke={beard ? '#d9a583' : '#2a1a12'}
          strokeWidth="2.2"
          strokeLinecap="round"
          fill="none"
        />
        {glasses && (
          <g stroke="#1b1410" strokeWidth="1.8" fill="none">
            <circle cx="52" cy="52" r="6.5" />
            <circle cx="68" cy="52" r="6.5" />
            <path d="M58.5 52h3" />
          </g>
        )}
      </g>
    </svg>
  );
}
