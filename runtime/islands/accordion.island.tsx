// One open item at a time; the open one closes when chosen again. Buttons carry aria-expanded,
// so the accordion works with a keyboard and a screen reader.
import { useId, useState } from 'react';
import type { InlineNode } from '../../model/markup.ts';
import { InlineNodes } from '../inline-nodes.tsx';

export interface AccordionProps {
  /** Answers arrive parsed, so the island ships no Markdown parser. */
  items: { question: string; answer: InlineNode[] }[];
}

export default function Accordion({ items }: AccordionProps) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white" data-testid="accordion">
      {items.map((item, i) => {
        const isOpen = open === i;
        return (
          <div key={item.question}>
            <h3>
              <button type="button" id={`${base}-q${i}`} aria-expanded={isOpen} aria-controls={`${base}-a${i}`} onClick={() => setOpen(isOpen ? null : i)} className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50">
                {item.question}
                <span aria-hidden="true" className={`text-xl text-violet-600 transition-transform ${isOpen ? 'rotate-45' : ''}`}>+</span>
              </button>
            </h3>
            <div id={`${base}-a${i}`} role="region" aria-labelledby={`${base}-q${i}`} hidden={!isOpen} className="px-5 pb-5 text-gray-700">
              <InlineNodes nodes={item.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
