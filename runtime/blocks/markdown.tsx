// Prose written in Markdown, rendered to the same elements and classes as the heading, paragraph,
// list and quote blocks. The text is parsed by the one parser in model/markup.ts.
import type { ReactNode } from 'react';
import { parseProse, type ProseBlock } from '../../model/markup.ts';
import type { BlockOf } from '../../model/page.ts';
import { InlineNodes } from '../inline-text.tsx';
import { useHeadingIds } from '../outline.tsx';
import { PROSE } from './prose-styles.ts';

function Prose({ blocks, nested = false, h2Ids = [] }: { blocks: readonly ProseBlock[]; nested?: boolean; h2Ids?: readonly (string | undefined)[] }): ReactNode {
  let h2 = 0;
  return blocks.map((b, i) => {
    switch (b.type) {
      case 'heading':
        return b.level === 3 ? <h3 key={i} className={PROSE.h3}><InlineNodes nodes={b.children} /></h3> : <h2 key={i} id={h2Ids[h2++]} className={PROSE.h2}><InlineNodes nodes={b.children} /></h2>;
      case 'paragraph':
        // Inside a list item or quote the surrounding element already sets width and type.
        return nested ? <p key={i}><InlineNodes nodes={b.children} /></p> : <p key={i} className={PROSE.paragraph}><InlineNodes nodes={b.children} /></p>;
      case 'list': {
        const Tag = b.ordered ? 'ol' : 'ul';
        const list = (
          <Tag key={i} className={PROSE.list(b.ordered)} start={b.ordered && b.start !== 1 ? b.start : undefined}>
            {b.items.map((item, j) => <li key={j} className={PROSE.listItem}>{tight(item) ?? <Prose blocks={item} nested />}</li>)}
          </Tag>
        );
        return nested ? list : <div key={i} className={PROSE.listBox}>{list}</div>;
      }
      case 'blockquote':
        return (
          <div key={i} className={PROSE.quoteBox}>
            <figure className={PROSE.quoteFigure}>
              <blockquote className={PROSE.quote}><Prose blocks={b.children} nested /></blockquote>
            </figure>
          </div>
        );
    }
  });
}

/** A list item of one paragraph renders as bare text, exactly like the list block's items. */
function tight(item: readonly ProseBlock[]): ReactNode | undefined {
  const only = item.length === 1 ? item[0] : undefined;
  return only?.type === 'paragraph' ? <InlineNodes nodes={only.children} /> : undefined;
}

export function Markdown({ block }: { block: BlockOf<'markdown'> }) {
  // Ids for the table of contents of a long article (none otherwise).
  const h2Ids = useHeadingIds(block);
  return <div id={block.id}><Prose blocks={parseProse(block.text)} h2Ids={h2Ids} /></div>;
}
