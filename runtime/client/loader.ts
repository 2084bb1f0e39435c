// The islands' loader: the one place that decides when an island runs, written into the head of every
// page that has islands as a small inline script (as Astro's astro-island). The same text on every page,
// so one hash in the CSP (generator/host/security-headers.ts collects the hashes from the built pages).
//
// From the moment the head is parsed, a form sent or a button (or the buy button's checkout link) tapped inside an island that has not
// hydrated yet is held (no navigation, so nothing typed ends up in an address) and that island hydrates
// at once; the action is replayed on the same element once it has (the form is sent again with
// requestSubmit, the button clicked again). Typed text needs no replay: the forms read their fields from
// the DOM when they are sent.
//
// Otherwise islands wait for the first screen: nothing is fetched until the page has loaded and its
// largest paint has reached the screen, which Lighthouse's simulation counts every earlier request
// against (mobile LCP / 1075 → 923 ms, /instagram-detox 1052 → 759 ms when the waits came in). Then, by
// the island's data-hydrate (runtime/island.tsx writes it, `idle` by default):
//   load     at once: what is above the fold (a hero's buy button and countdown, the admin app);
//   visible  when it comes within a screen of the viewport (IntersectionObserver);
//   idle     once the load islands have settled and the browser is idle (requestIdleCallback, at most
//            IDLE_TIMEOUT_MS; IDLE_FALLBACK_MS later where there is none).
// <html data-islands-ready="true"> says every load and idle island has settled.
//
// The hydrator (client/main.ts) is imported with the first island due and says when each has hydrated.

/** How long the screen must go without a larger paint before islands load: an image loaded at the load
 * event is drawn a frame or two later, and a busy machine's frames are far apart. */
export const LARGEST_PAINT_WAIT_MS = 200;

/** How long to wait for a page's first paint when the load event came before it (a static page on a
 * busy machine): the wait above starts at that paint, or after this. */
export const FIRST_PAINT_WAIT_MS = 3000;

export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_MS = 200;

/**
 * The loader's text for a page whose islands the given modules hydrate (the client entry, main.ts).
 * The first screen is taken to have painted two frames after the load event, then LARGEST_PAINT_WAIT_MS
 * without a new largest-contentful-paint entry (each one starts the wait again; FIRST_PAINT_WAIT_MS while
 * none has been reported), then a frame. The first contentful paint counts as such an entry: a page
 * opened at an anchor (/#faq, /blog#email-capture) reports it but no largest paint at all in Chromium,
 * and its islands waited FIRST_PAINT_WAIT_MS (3.2-3.5 s to a form that works). Whether it has painted is read from the entries themselves
 * (buffered), not from performance.getEntries…, which a test's fake clock (page.clock) empties. Where no
 * such entry exists (Safari) or the tab is hidden, at the load event.
 */
export function islandLoader(modules: readonly string[]): string {
  // JSON, with "<" escaped so no address can end the script element.
  const list = JSON.stringify(modules).replace(/</g, '\\u003c');
  // Plain JavaScript, read as written: only each line's indentation is dropped.
  return `{
const M=${list},d=document,started=new Map(),held=new Map();
const hydrate=(el)=>{
  if(!started.has(el))started.set(el,Promise.all(M.map((m)=>import(m)))
    .then(()=>hydrateIsland(el))
    .catch((e)=>{console.error("Islands failed to load:",e);el.dataset.hydrated="error"})
    .then(()=>{const again=held.get(el)||[];held.delete(el);if(el.dataset.hydrated==="true")again.forEach((f)=>f())}));
  return started.get(el);
};
const hold=(e,again)=>{
  const el=e.target.closest&&e.target.closest("[data-island]");
  if(!el||el.dataset.hydrated)return;
  e.preventDefault();
  held.set(el,[...(held.get(el)||[]),again]);
  hydrate(el);
};
addEventListener("submit",(e)=>{const f=e.target,s=e.submitter;hold(e,()=>f.requestSubmit(s&&s.form===f?s:null))},true);
addEventListener("click",(e)=>{const b=e.target.closest&&e.target.closest("button,a[data-checkout]");if(b&&!(b.type==="submit"&&b.form))hold(e,()=>b.click())},true);
const start=()=>{
  const all=[...d.querySelectorAll("[data-island]")],by=(s)=>all.filter((el)=>el.dataset.hydrate===s);
  const near=new IntersectionObserver((es)=>es.forEach((x)=>{if(x.isIntersecting){near.unobserve(x.target);hydrate(box.get(x.target))}}),{rootMargin:"100% 0px"}),box=new Map();
  by("visible").forEach((el)=>{const b=[...el.children].find((c)=>!/^(LINK|SCRIPT|STYLE|META)$/.test(c.tagName))||el;box.set(b,el);near.observe(b)});
  Promise.all(by("load").map(hydrate))
    .then(()=>new Promise((r)=>typeof requestIdleCallback=="function"?requestIdleCallback(r,{timeout:${IDLE_TIMEOUT_MS}}):setTimeout(r,${IDLE_FALLBACK_MS})))
    .then(()=>Promise.all(all.filter((el)=>!["load","visible"].includes(el.dataset.hydrate)).map(hydrate)))
    .then(()=>{d.documentElement.dataset.islandsReady="true"});
};
const painted=()=>{
  if(typeof PerformanceObserver!="function"||!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")||d.hidden)return start();
  let done=0,framed=0,lcp=0,t;
  const go=()=>{if(done++)return;o.disconnect();requestAnimationFrame(()=>setTimeout(start))};
  const wait=()=>{clearTimeout(t);t=setTimeout(go,lcp?${LARGEST_PAINT_WAIT_MS}:${FIRST_PAINT_WAIT_MS})};
  const o=new PerformanceObserver(()=>{lcp=1;framed&&wait()});
  o.observe({type:"largest-contentful-paint",buffered:!0});
o.observe({type:"paint",buffered:!0});
  requestAnimationFrame(()=>requestAnimationFrame(()=>{framed=1;wait()}));
};
d.readyState==="complete"?painted():addEventListener("load",painted,{once:!0});
}`.replace(/\n\s*/g, '\n');
}
