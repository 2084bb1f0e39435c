// Countdown arithmetic: seconds roll to 59 and borrow from minutes, then hours; never below zero.
export interface Duration {
  hours: number;
  minutes: number;
  seconds: number;
}

export const toSeconds = (d: Duration) => d.hours * 3600 + d.minutes * 60 + d.seconds;

export function tick(d: Duration): Duration {
  if (d.seconds > 0) return { ...d, seconds: d.seconds - 1 };
  if (d.minutes > 0) return { ...d, minutes: d.minutes - 1, seconds: 59 };
  if (d.hours > 0) return { hours: d.hours - 1, minutes: 59, seconds: 59 };
  return d;
}
