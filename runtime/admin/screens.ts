// The admin area's routes and what each is called: one table, read by the router (runtime/admin/app.tsx),
// by the prerendered shell of each route, and by the navigation.
export interface Screen {
  path: string;
  /** The page's h1, and the start of the document title. */
  title: string;
  subtitle: string;
  /** The navigation's label. */
  nav: string;
}

export const SCREENS: readonly Screen[] = [
  { path: '/admin', title: 'Admin', nav: 'Overview', subtitle: "This week's messages, the subscribers and the previews at a glance." },
  { path: '/admin/insights', title: 'Insights', nav: 'Insights', subtitle: 'What visitors see, click and buy: pages, platforms, funnels and calls to action.' },
  { path: '/admin/messages', title: 'Messages', nav: 'Messages', subtitle: 'What visitors sent through the contact form, newest first.' },
  { path: '/admin/subscribers', title: 'Subscribers', nav: 'Subscribers', subtitle: 'Your list: every address with its status and the record of its consent, newest first.' },
  { path: '/admin/newsletters', title: 'Newsletters', nav: 'Newsletters', subtitle: 'Preview a published newsletter, send yourself a test, then send it to everyone who confirmed.' },
  { path: '/admin/previews', title: 'Previews', nav: 'Previews', subtitle: "The preview PDF shown on each platform guide's page." },
  { path: '/admin/upload', title: 'Upload a Preview PDF', nav: 'Upload', subtitle: "Replace the preview shown on a platform guide's page. Admin sign-in required." },
  { path: '/admin/settings', title: 'Settings', nav: 'Settings', subtitle: 'The authenticators that give your code after the password.' },
];

export function screenFor(pathname: string): Screen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SCREENS.find((s) => s.path === path);
}
