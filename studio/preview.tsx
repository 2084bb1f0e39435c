// The studio's preview: the real page from the dev server, made from the unsaved text.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTROL } from './variants.ts';

/** How long typing must pause before the preview is loaded whole again (its islands running). */
const FULL_RELOAD_MS = 1500;

/**
 * The real page, made again after each change and scrolled to the block being edited. A change first
 * replaces the shown page's <main> with the new server render (fast: no scripts, styles or islands to
 * load again; `made`, the page the draft's answer brought, else fetched); once typing pauses, the
 * whole page loads in a second frame, shown when ready, so its islands run as on the site and the
 * switch does not flash.
 */
/** Scrolls the frame's page to the text being edited, else back to where the marketer had scrolled. */
function revealIn(frame: HTMLIFrameElement | null, focusText: string, scrollTop: number): void {
  const win = frame?.contentWindow;
  const doc = frame?.contentDocument;
  if (!win || !doc?.body) return;
  const needle = focusText.slice(0, 40);
  if (needle) {
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.textContent?.includes(needle)) {
        (n.parentElement as HTMLElement).scrollIntoView({ block: 'center', behavior: 'instant' });
        return;
      }
    }
  }
  win.scrollTo({ top: scrollTop, behavior: 'instant' });
}

export function Preview({ file, route, variant, version, made, focusText }: { file: string; route?: string; variant: string; version: number; made?: string; focusText: string }) {
  const frames = [useRef<HTMLIFrameElement>(null), useRef<HTMLIFrameElement>(null)];
  const [active, setActive] = useState(0);
  const [srcs, setSrcs] = useState<[string, string]>(['', '']);
  const scroll = useRef(0);
  const full = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const src = `/_studio/preview?file=${encodeURIComponent(file)}${route ? `&route=${encodeURIComponent(route)}` : ''}${variant !== CONTROL ? `&variant=${encodeURIComponent(variant)}` : ''}&v=${version}`;
  const latest = useRef(src);
  latest.current = src;

  const reveal = useCallback((frame: HTMLIFrameElement | null) => revealIn(frame, focusText, scroll.current), [focusText]);

  useEffect(() => {
    let cancelled = false;
    const shown = frames[active]!.current;
    const main = shown?.contentDocument?.querySelector('main');
    if (!main || !srcs[active]) {
      // Nothing shown yet: load the page whole.
      setSrcs((s) => (active === 0 ? [src, s[1]] : [s[0], src]));
      return;
    }
    const swap = (html: string) => {
      if (cancelled) return;
      const next = new DOMParser().parseFromString(html, 'text/html');
      const nextMain = next.querySelector('main');
      if (nextMain) main.replaceWith(shown!.contentDocument!.importNode(nextMain, true));
      else shown!.contentDocument!.body.innerHTML = next.body.innerHTML;
      reveal(shown);
    };
    if (made !== undefined) swap(made);
    else void fetch(src).then((r) => r.text()).then(swap);
    clearTimeout(full.current);
    full.current = setTimeout(() => setSrcs((s) => (active === 0 ? [s[0], src] : [src, s[1]])), FULL_RELOAD_MS);
    return () => {
      cancelled = true;
    };
    // Only a new version (or file) loads; the active frame changes when the buffer is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  useEffect(() => reveal(frames[active]!.current), [reveal, active]);
  useEffect(() => () => clearTimeout(full.current), []);

  const loaded = (i: number) => {
    const frame = frames[i]!.current;
    frame?.contentWindow?.addEventListener('scroll', () => i === activeRef.current && (scroll.current = frame.contentWindow?.scrollY ?? 0));
    // Only the page asked for last is shown: the buffer frame also loads again when the dev server
    // reloads every page on a save, and its older page (another variant, an older draft) must stay hidden.
    if (i !== active && srcs[i] === latest.current) setActive(i);
    reveal(frame);
  };
  const activeRef = useRef(active);
  activeRef.current = active;
  return (
    <section className="studio-preview" aria-label="Preview">
      {[0, 1].map((i) => (
        <iframe key={i} ref={frames[i]} src={srcs[i] || undefined} className={i === active ? 'is-shown' : 'is-buffer'} aria-hidden={i === active ? undefined : true} tabIndex={i === active ? undefined : -1}
          title={i === active ? `Preview of ${route ?? file}${variant !== CONTROL ? `, variant ${variant}` : ''}` : 'Next preview, loading'} onLoad={() => srcs[i] && loaded(i)} />
      ))}
    </section>
  );
}
