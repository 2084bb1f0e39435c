// What stands in for the preview viewer when a guide has no preview yet: known at build time (no
// preview source) or found by the viewer when the public address answers 404. Never the storage error.
export function PreviewComingSoon({ title }: { title: string }) {
  return (
    <div className="rounded-2xl border-2 border-dashed border-violet-300 bg-violet-50 px-6 py-12 text-center" role="status" data-testid="preview-coming-soon">
      <p className="text-4xl" aria-hidden="true">📖</p>
      <p className="mt-3 text-2xl font-extrabold text-gray-900">Preview coming soon</p>
      <p className="mx-auto mt-2 max-w-md text-gray-700">The first pages of {title} will be here shortly. Everything the guide holds is described on this page.</p>
    </div>
  );
}
