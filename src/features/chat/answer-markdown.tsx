import { memo, useMemo } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkCitations } from './citations';
import './answer.css';

/**
 * Only web and mail links survive; everything else (javascript:, data:, vbscript:, ...) becomes an empty
 * href. The answer comes from a model that read user data, so it is treated as hostile.
 */
export function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  if (!kept) return '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(kept);
  return !scheme || ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase()) ? kept : '';
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/**
 * Raw HTML in an answer becomes the text it is written as: a chunk that says `use <br> for breaks` or quotes
 * `<script>` keeps its words, shown as characters and never parsed (dropping it would lose them).
 */
function remarkHtmlAsText() {
  const walk = (node: MdNode): void => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return walk;
}

// Tables (and the rest of GitHub-flavoured markdown) first, so the citation pass also sees their text.
const PLUGINS = [remarkGfm, remarkHtmlAsText, remarkCitations];

interface Props {
  text: string;
  onCite: (chunkId: string) => void;
  /** The chunk currently open, so its button can say it is pressed. */
  openChunk?: string | null;
}

/**
 * The answer as markdown. Raw HTML in it is shown as text (and skipHtml stays on as a backstop), never parsed,
 * links are filtered and open in
 * a new tab without a referrer, and images are shown as links so the answer cannot make the browser fetch
 * anything by itself. Cited chunk ids become buttons.
 */
export const AnswerMarkdown = memo(function AnswerMarkdown({ text, onCite, openChunk }: Props) {
  const components = useMemo<Components>(
    () => ({
      a: ({ href, children }) =>
        href ? (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ) : (
          <span className="chat-dead-link">{children}</span>
        ),
      img: ({ src, alt }) => {
        const href = typeof src === 'string' ? src : '';
        const label = `Image: ${alt || href || 'untitled'}`;
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>
        ) : (
          <span>{label}</span>
        );
      },
      cite: ({ node, children }) => {
        const chunkId = String(node?.properties?.dataChunkId ?? '');
        if (!chunkId) return <cite>{children}</cite>;
        return (
          <button
            type="button"
            className="chat-citation"
            aria-label={`Show chunk ${chunkId}`}
            aria-pressed={openChunk === chunkId}
            title={`Show chunk ${chunkId}`}
            onClick={() => onCite(chunkId)}
          >
            {chunkId}
          </button>
        );
      },
    }),
    [onCite, openChunk],
  );
  return (
    <div className="chat-markdown">
      <Markdown skipHtml urlTransform={safeUrl} remarkPlugins={PLUGINS} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
