// From a problem in the list to its field: the block's form (or the page settings) opened, the
// variant chosen when the problem is in a variant's override, and the control focused once it is shown.
import { useEffect, useRef } from 'react';
import { fieldId, type Diagnostic, type PathSegment } from './api.ts';

/** `sections[2].items[0]` back to its segments. */
function parsePath(path: string): PathSegment[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

export interface JumpTargets {
  selectBlock: (i: number) => void;
  openSettings: () => void;
  arms: readonly string[];
  chooseVariant: (variant: string) => void;
  say: (line: string) => void;
}

export function useJump(t: JumpTargets): (d: Diagnostic) => void {
  const focusAfter = useRef<string | null>(null);

  // After a jump, focus the control once its block's form is shown.
  useEffect(() => {
    if (!focusAfter.current) return;
    const path = parsePath(focusAfter.current);
    for (let n = path.length; n > 0; n--) {
      const el = document.getElementById(fieldId(path.slice(0, n)));
      if (el) {
        el.scrollIntoView({ block: 'center' });
        (el.matches('input, select, textarea, button') ? el : (el.querySelector('input, select, textarea, button') as HTMLElement | null) ?? el).focus();
        break;
      }
    }
    focusAfter.current = null;
  });

  return (d: Diagnostic) => {
    const m = /^sections\[(\d+)\]/.exec(d.path);
    if (m) t.selectBlock(Number(m[1]));
    // Anything else but the experiment's own fields is a page setting: open them, so the field is there to take the focus.
    else if (!d.path.startsWith('experiment')) t.openSettings();
    // In a variant's override: that variant's form, at the field it overrides.
    const v = /^(sections\[\d+\]|platform)\.variants\.([a-z][a-z0-9-]*)(.*)$/.exec(d.path);
    const inVariant = !!v && t.arms.includes(v[2]!);
    if (inVariant) t.chooseVariant(v[2]!);
    focusAfter.current = (inVariant ? `${v[1]}${v[3]}` : d.path) || 'title';
    t.say(`Showing: ${d.message}`);
  };
}
