import { posts, type Block } from '../posts';

function BlockView({ block, label }: { block: Block; label: string }) {
  if (block.kind === 'list') {
    return (
      <ul className="list-disc space-y-2 pl-6">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if (block.kind === 'code') {
    // A code example is wider than a phone: keyboard users reach it with Tab and scroll it with the arrow keys.
    return (
      <pre tabIndex={0} role="region" aria-label={label} className="overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-relaxed text-neutral-content">
        <code>{block.code}</code>
      </pre>
    );
  }
  return <p>{block.text}</p>;
}

/** Blogs: the five questions, a table of contents, and each answer in full. */
export function BlogList() {
  return (
    <div className="bg-base-200">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">From the workshop</p>
          <h1 className="text-3xl font-bold sm:text-4xl">Blogs</h1>
          <p className="mt-2 text-base-content/75">
            Five questions about building a React shop like this one, answered with examples from its own code.
          </p>
        </header>
        <nav aria-label="Questions" className="mb-8 rounded-box bg-base-100 p-5 shadow-sm">
          <ol className="list-decimal space-y-1 pl-5">
            {posts.map((post) => (
              <li key={post.slug}>
                <a className="link link-hover" href={`#${post.slug}`}>
                  {post.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid gap-6">
          {posts.map((post, index) => (
            <article key={post.slug} id={post.slug} className="scroll-mt-24 rounded-box bg-base-100 p-6 shadow-sm sm:p-8" aria-labelledby={`${post.slug}-title`}>
              <p className="text-sm font-semibold text-primary">Question {index + 1}</p>
              <h2 id={`${post.slug}-title`} className="mt-1 text-xl font-bold sm:text-2xl">
                {post.question}
              </h2>
              <p className="mt-2 font-medium text-base-content/80">{post.summary}</p>
              <div className="mt-4 grid gap-4 leading-relaxed">
                {post.body.map((block, i) => (
                  <BlockView key={i} block={block} label={`Code example: ${post.question}`} />
                ))}
              </div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
