// Two columns on a sales page: the problems a platform causes and what the guide does.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function ProblemSolution({ block }: { block: BlockOf<'problem-solution'> }) {
  const col = (c: typeof block.problems, good: boolean) => (
    <div className={`rounded-2xl p-6 ${good ? 'bg-emerald-50' : 'bg-red-50'}`}>
      <h2 className={`text-2xl font-extrabold ${good ? 'text-emerald-900' : 'text-red-900'}`}>{c.title}</h2>
      <ul className="mt-4 space-y-3">
        {c.items.map((item, i) => (
          <li key={i} className="flex gap-3 text-gray-800"><span aria-hidden="true">{good ? '✅' : '❌'}</span><span><Inline text={item} /></span></li>
        ))}
      </ul>
    </div>
  );
  return (
    <SectionShell id={block.id} className="bg-white">
      {block.heading && <SectionHeading title={block.heading} />}
      <div className="grid gap-6 md:grid-cols-2">{col(block.problems, false)}{col(block.solutions, true)}</div>
    </SectionShell>
  );
}
