// The admin area's look: the same rounded cards, violet-to-pink buttons and form fields as the
// site's forms (contact, e-mail capture), as Tailwind class strings shared by its screens.
export const inputClass =
  'mt-1 block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-gray-900 shadow-sm focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-600/30';
export const primaryButton =
  'rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-6 py-3 font-bold text-white shadow hover:from-violet-700 hover:to-pink-700 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-xl border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-70';
export const card = 'rounded-3xl border border-gray-200 bg-white p-6 shadow-xl sm:p-8';
export const panel = 'rounded-2xl border border-gray-200 bg-white shadow-sm';
export const link = 'font-semibold text-violet-700 underline-offset-2 hover:text-violet-900 hover:underline';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Jun 1, 2025, 10:00 AM" in the owner's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDay = (iso: string) => dateOnly.format(new Date(iso));

export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
