// A decorative countdown: restarts from its starting value on every load, ticks each second, stops at 0:00:00.
import { useEffect, useState } from 'react';
import { tick, toSeconds, type Duration } from './countdown-logic.ts';

interface CountdownProps {
  start: Duration;
  label?: string;
  tone?: 'light' | 'dark';
}

export default function Countdown({ start, label, tone = 'dark' }: CountdownProps) {
  const [time, setTime] = useState<Duration>(start);
  useEffect(() => {
    if (toSeconds(start) === 0) return;
    const id = setInterval(() => {
      setTime((t) => {
        const next = tick(t);
        if (toSeconds(next) === 0) clearInterval(id);
        return next;
      });
    }, 1000);
    return () => clearInterval(id);
  }, [start]);
  const cell = tone === 'dark' ? 'bg-gray-900 text-white' : 'bg-white text-gray-900';
  const parts: [string, number][] = [['Hours', time.hours], ['Minutes', time.minutes], ['Seconds', time.seconds]];
  return (
    <div className="flex flex-col items-center gap-2" data-testid="countdown">
      {label && <p className="text-sm font-semibold uppercase tracking-wide">{label}</p>}
      <div className="flex items-center gap-2" role="timer" aria-live="off" aria-label={`${time.hours} hours ${time.minutes} minutes ${time.seconds} seconds left`}>
        {parts.map(([name, v], i) => (
          <div key={name} className="flex items-center gap-2">
            {i > 0 && <span className="text-xl font-bold" aria-hidden="true">:</span>}
            <span className={`inline-flex min-w-12 flex-col items-center rounded-lg px-2 py-1 ${cell}`}>
              <span className="font-mono text-2xl font-bold tabular-nums" data-unit={name.toLowerCase()}>{String(v).padStart(2, '0')}</span>
              <span className="text-[10px] uppercase opacity-80">{name}</span>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
