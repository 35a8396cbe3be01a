/**
 * A smiley for a good or a bad moment (spec 01 §2 session card, §9 smiley avatar 45 px): drawn,
 * decorative (the button it sits in carries the name), and never told apart by colour alone: the
 * mouth smiles or frowns.
 */
export function MoodFace({ mood, size = 45 }: { mood: 'good' | 'bad'; size?: number }) {
  const good = mood === 'good';
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle
        cx="24"
        cy="24"
        r="22"
        fill={good ? 'var(--mantine-color-yellow-3)' : 'var(--mantine-color-blue-2)'}
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="17" cy="19" r="2.5" fill="currentColor" />
      <circle cx="31" cy="19" r="2.5" fill="currentColor" />
      <path
        d={good ? 'M14 28 Q24 38 34 28' : 'M14 35 Q24 26 34 35'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
