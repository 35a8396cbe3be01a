import type { AssessmentLevel } from '@shared/domain/strategies';

const MOUTHS: Record<AssessmentLevel, string> = {
  veryUnhappy: 'M14 36 Q24 24 34 36',
  unhappy: 'M15 34 Q24 29 33 34',
  neutral: 'M15 32 L33 32',
  happy: 'M15 29 Q24 35 33 29',
  veryHappy: 'M14 27 Q24 40 34 27',
};

const FILLS: Record<AssessmentLevel, string> = {
  veryUnhappy: 'var(--mantine-color-red-2)',
  unhappy: 'var(--mantine-color-orange-2)',
  neutral: 'var(--mantine-color-gray-2)',
  happy: 'var(--mantine-color-lime-2)',
  veryHappy: 'var(--mantine-color-green-3)',
};

/**
 * A face for one of the five levels of an assessment (spec 02 §2): decorative beside the level's
 * name, and never told apart by colour alone: the mouth goes from a deep frown to a wide smile.
 */
export function AssessmentFace({ level, size = 28 }: { level: AssessmentLevel; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill={FILLS[level]} stroke="currentColor" strokeWidth="2" />
      <circle cx="17" cy="19" r="2.5" fill="currentColor" />
      <circle cx="31" cy="19" r="2.5" fill="currentColor" />
      <path d={MOUTHS[level]} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
