// The analytics beacon (issue 32): a small inline module at the end of every page's body when
// site.config.yaml's analytics are enabled, the one script a page without islands carries. Written by
// hand as the islands' loader is (loader.ts): a bundler's output for something this size is larger than
// the code, and the text is the same on every page, so one hash in the CSP covers it.
//
// What it sends, to public.track(text): events in the wire format of model/analytics/event.ts (the
// contract: model/analytics/README.md; tests/unit/beacon.test.ts holds every body it sends to that format):
// - a page view ('view', or '404' when the script says data-kind="404"), once the page has loaded and
//   its largest paint has settled (two frames after the load event, then LARGEST_PAINT_QUIET_MS without
//   a new largest-contentful-paint entry): a request before the largest paint is one Lighthouse's
//   simulation counts against it, as the islands' loader found (loader.ts). Sent at the load event, the
//   view's request came before the landing page's hero image was drawn, and cost its simulated LCP
//   about 10 % (npm run bench -- --beacon). A click or the page's hiding before then sends it first, so
//   a visitor's steps reach the database in the order taken (funnels read that order), and a visitor who
//   leaves at once is still counted. A click or an island's event on a later UTC day than the view sends
//   the view again first: the database counts a visitor by a daily salt, and knows a buy click only
//   with a view of its page the same day, so a page opened the evening before and bought from after
//   midnight lost its click (issue 49: a control buy click made across the experiment's start, which is
//   a UTC day, was counted apart as a click without a view, and in no version);
// - a click on a link inside a block ('cta': the block's data-block id and data-block-type, which the
//   registry writes on every block's outer element, runtime/registry.tsx);
// - what islands report through window.__beacon: 'buy' (the buy button, runtime/islands/buy-button.island.tsx:
//   product id, price shown in cents and the click's reference, model/sales/reference.ts; the island takes the
//   click, so the listener below never sees it), 'capture', 'contact', 'preview' (model/analytics/event.ts).
//   The hook sends the page's view first if it has not gone yet.
// Each event carries the route, the referrer's host (not its address), utm_source/medium/campaign, a
// device class from the viewport width and the page's variant (<html data-variant>, issue 33).
//
// It sets no cookie and touches no storage; with Global Privacy Control or Do Not Track it sends nothing
// and defines no hook. navigator.sendBeacon queues the request past a navigation (a buy click goes to the
// checkout at once); a text/plain body and the key in the query string keep it a CORS "simple" request,
// with no preflight. Where sendBeacon refuses, fetch with keepalive.
//
// A click the islands' loader holds before hydration (loader.ts: it calls preventDefault and replays the
// click once the island runs) is counted at its replay, so a held tap counts once.

export { pixelAddress, trackEndpoint } from '../../model/analytics/event.ts';

/** How long the screen must go without a larger paint, after the load event's next two frames, before the view is sent. */
export const LARGEST_PAINT_QUIET_MS = 300;

/** The beacon's text for a site whose events go to `endpoint` (trackEndpoint). */
export function beaconScript(endpoint: string): string {
  // JSON, with "<" escaped so no address can end the script element.
  const url = JSON.stringify(endpoint).replace(/</g, '\\u003c');
  return `{
const n=navigator,w=window,d=document,l=location;
if(!(n.globalPrivacyControl||n.doNotTrack=="1"||w.doNotTrack=="1")){
const q=new URLSearchParams(l.search),W=innerWidth,f=d.referrer&&new URL(d.referrer).host,v=d.documentElement.dataset.variant,
b={r:(l.pathname.replace(/\\/+$/,"")||"/").toLowerCase().replace(/[^a-z0-9/-]/g,"-").slice(0,200),d:W<640?"phone":W<1024?"tablet":"desktop"};
f&&f!=l.host&&(b.f=f.slice(0,100));v&&(b.v=v);
for(const k of["source","medium","campaign"]){const x=q.get("utm_"+k);x&&(b["u"+k[0]]=x.slice(0,100))}
const s=(k,x)=>{const j=JSON.stringify({k,...b,...x});n.sendBeacon&&n.sendBeacon(${url},j)||fetch(${url},{method:"POST",body:j,keepalive:!0}).catch(()=>{})};
let o,t;const Y=()=>new Date().toISOString().slice(0,10),V=()=>o||(s(d.querySelector("script[data-kind]")?.dataset.kind||"view"),o=Y()),E=()=>{o!=Y()&&(o=0);V()},P=()=>{clearTimeout(t);t=setTimeout(V,${LARGEST_PAINT_QUIET_MS})},
L=()=>{try{new PerformanceObserver(P).observe({type:"largest-contentful-paint",buffered:!0})}catch(e){}requestAnimationFrame(()=>requestAnimationFrame(P))};
w.__beacon=(k,x)=>{E();s(k,x)};
d.readyState=="complete"?L():addEventListener("load",L);addEventListener("pagehide",V);
d.addEventListener("click",(e)=>{
  const B=!e.defaultPrevented&&e.target.closest?.("a[href]")?.closest("[data-block-type]");
  E();
  B&&s("cta",B.dataset.block?{b:B.dataset.block,t:B.dataset.blockType}:{t:B.dataset.blockType});
});
}
}`
    .split('\n')
    .map((line) => line.trim())
    .join('');
}
