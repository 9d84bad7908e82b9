/**
 * The search box's words and its button (the form around them is the caller's): the catalogue's
 * filters and the home page's hero search alike. `large` is the hero's size, on its dark picture.
 */
export function SearchWords({ id, value, large = false }: { id: string; value?: string; large?: boolean }) {
  return (
    <div className="join w-full">
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        maxLength={200}
        placeholder="Part, number or vehicle"
        className={`input join-item w-full min-w-0 ${large ? 'input-lg text-base-content' : 'input-bordered'}`}
      />
      <button type="submit" className={`btn btn-primary join-item ${large ? 'btn-lg' : ''}`}>
        Search
      </button>
    </div>
  );
}
