import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DISMISSAL_FLAGS,
  dismiss,
  readDismissedAt,
  useDismissedAt,
  type DismissalFlag,
} from '@/components/hooks/dismissals';

function Shows(props: { flag: DismissalFlag }) {
  const at = useDismissedAt(props.flag);
  return <p>{at === null ? 'shown' : at === undefined ? 'unknown' : `dismissed at ${at}`}</p>;
}

afterEach(() => window.localStorage.clear());

describe('dismissal flags', () => {
  it('stores each of the spec’s flags with the time of dismissal', () => {
    expect(DISMISSAL_FLAGS).toEqual([
      'enrich-alert',
      'push-notification-alert',
      'disabled-notifications-alert',
      'time-bonus-modal',
    ]);
    DISMISSAL_FLAGS.forEach((flag, i) => dismiss(flag, 1_700_000_000_000 + i));
    expect(DISMISSAL_FLAGS.map((flag) => window.localStorage.getItem(flag))).toEqual([
      '1700000000000',
      '1700000000001',
      '1700000000002',
      '1700000000003',
    ]);
    expect(readDismissedAt('time-bonus-modal')).toBe(1_700_000_000_003);
  });

  it('hides what was dismissed at once, and only that', () => {
    render(
      <>
        <Shows flag="push-notification-alert" />
        <Shows flag="time-bonus-modal" />
      </>,
    );
    expect(screen.getAllByText('shown')).toHaveLength(2);
    act(() => dismiss('time-bonus-modal', 42));
    expect(screen.getByText('dismissed at 42')).toBeInTheDocument();
    expect(screen.getByText('shown')).toBeInTheDocument();
  });
});
