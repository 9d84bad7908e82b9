/**
 * Previous / "Page 2 of 5" / Next buttons for a list paged in the page's own state (the admin's
 * lists); nothing when everything fits on one page.
 */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <div className="join">
      <button type="button" className="btn btn-sm join-item" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="btn btn-sm join-item pointer-events-none">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-sm join-item" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </div>
  );
}
