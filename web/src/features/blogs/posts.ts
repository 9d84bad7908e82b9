/** The blog page's five questions, each answered for this shop's own code. */
export type Block = { kind: 'p'; text: string } | { kind: 'list'; items: string[] } | { kind: 'code'; code: string };

export type Post = { slug: string; question: string; summary: string; body: Block[] };

export const posts: Post[] = [
  {
    slug: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    summary: 'Measure first, send less code, fetch less often, and render less.',
    body: [
      {
        kind: 'p',
        text: 'Performance work starts with measuring, not guessing. The React DevTools Profiler shows which components render and how long they take; the browser\'s Performance and Network panels show what the page downloads and when it becomes usable. On a shop like this one the first visit matters most, so the numbers that count are how much JavaScript and CSS the home page loads and how soon the parts appear.',
      },
      { kind: 'p', text: 'The changes that usually pay off, roughly in order:' },
      {
        kind: 'list',
        items: [
          'Send less code. Every page of this shop is a separate chunk loaded on demand with the router\'s lazy routes, so a visitor on the home page never downloads the admin dashboard, the forms library or the validation schemas.',
          'Fetch less often. TanStack Query caches every answer under a key: going back from a part to the home page shows the cached list at once instead of asking the server again, and a part\'s data is shared between the home card and the purchase page.',
          'Render less. Keep state as close as possible to where it is used: the purchase quantity lives in the purchase page, not in a global store, so clicking + re-renders one small component tree. Split big components so a change in one corner does not re-render the whole page.',
          'Memoise only where the profiler shows a cost: useMemo for expensive derived data, React.memo for a list row that receives stable props. The React Compiler can do much of this automatically.',
          'Keep lists cheap: stable keys (the part\'s _id, never the array index), and virtualisation once a table runs into the thousands of rows.',
          'Optimise assets: images with width and height so the layout does not jump, loading="lazy" below the fold, and compressed formats. The server re-encodes uploaded pictures, which also keeps them small.',
        ],
      },
      {
        kind: 'p',
        text: 'Finally, keep the gains: a size budget for the home page\'s bundle in the build, and a browser test that loads the page, stop a slow dependency from creeping back in.',
      },
    ],
  },
  {
    slug: 'state-management',
    question: 'What are the different ways to manage a state in a React application?',
    summary: 'Local state, lifted state, context, server-state caches, the URL, and global stores: each for its own kind of data.',
    body: [
      {
        kind: 'p',
        text: 'There is no single best place for state; the right place depends on who needs the data and where it comes from. This shop uses several, each for what it does best.',
      },
      {
        kind: 'list',
        items: [
          'Local component state (useState, useReducer) for things only one component cares about: whether a modal is open, the quantity a buyer picks on the purchase page.',
          'Lifted state: when two siblings need the same value, it moves up to their closest common parent and flows down as props. The purchase page holds the quantity and hands it to both the quantity picker and the Confirm Order modal.',
          'Form state in a form library. react-hook-form keeps each input\'s value, touched flag and validation message without re-rendering the whole form on every key press, and zod describes the rules once.',
          'Server state in a cache. Parts, reviews, orders and the signed-in user come from the API; TanStack Query fetches, caches, refreshes and shares them, and invalidates them after a change (placing an order refreshes My Orders and the part\'s stock).',
          'The URL is state too: the part id in /purchase/:id and the page the user came from before logging in survive a reload and can be shared as a link.',
          'Context for rarely changing values many components read, such as the query client or a theme. Context is a delivery mechanism, not a store: every consumer re-renders when its value changes.',
          'Global stores (Redux Toolkit, Zustand, Jotai) for complex client-only state shared across distant parts of the app, such as a multi-step cart that never touches the server until checkout.',
        ],
      },
      {
        kind: 'p',
        text: 'A good rule is to start local and move state outward only when a second component needs it, and to keep data that belongs to the server in a server-state cache rather than copying it into a global store by hand.',
      },
    ],
  },
  {
    slug: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    summary: 'Objects link to other objects; a missing property is looked up along that chain.',
    body: [
      {
        kind: 'p',
        text: 'In JavaScript every object has a hidden link, [[Prototype]], to another object (or to null). When you read a property the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype\'s prototype, and so on until it finds the property or reaches null. This chain of links is the prototype chain, and it is how objects share behaviour without copying it.',
      },
      {
        kind: 'code',
        code: "const part = {\n  describe() {\n    return `${this.name}: $${this.price}`;\n  },\n};\n\nconst oilFilter = Object.create(part); // oilFilter's prototype is part\noilFilter.name = 'Oil filter';\noilFilter.price = 8.99;\n\noilFilter.describe(); // 'Oil filter: $8.99', found on the prototype\nObject.getPrototypeOf(oilFilter) === part; // true",
      },
      {
        kind: 'p',
        text: 'Writing a property never walks the chain: assigning oilFilter.describe would create a new own property that shadows the shared one, leaving part untouched. Methods found on a prototype still run with this set to the object they were called on, which is why one describe function serves every part.',
      },
      {
        kind: 'p',
        text: 'Constructor functions and the class syntax are built on the same mechanism. Every function has a prototype object; new Part() creates an object whose [[Prototype]] is Part.prototype, and class Brake extends Part links Brake.prototype to Part.prototype. Classes are a clearer way to write this, not a different model: methods defined in a class body live once on the prototype and are shared by all instances.',
      },
      {
        kind: 'p',
        text: 'Built-ins work the same way: an array finds map and filter on Array.prototype, which in turn links to Object.prototype, where toString and hasOwnProperty live. Use Object.hasOwn(obj, key) to ask whether a property is the object\'s own rather than inherited.',
      },
    ],
  },
  {
    slug: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    summary: 'A small, fast, automatic check of one piece of behaviour, so changes can be made with confidence.',
    body: [
      {
        kind: 'p',
        text: 'A unit test checks one small piece of behaviour in isolation: a function, a component, a rule. It sets up an input, runs the code, and asserts on the result, all in milliseconds and without a real server or browser. In this shop, Vitest with Testing Library renders a form in a simulated DOM, submits it empty, and checks that "Email is Required" and "Password is Required" appear; another test checks that the purchase quantity starts at the minimum order and never goes below it or above the stock.',
      },
      {
        kind: 'code',
        code: "it('never goes above the stock', () => {\n  const limits = { minimumOrder: 2, availableQuantity: 3 };\n  expect(increase(3, limits)).toBe(3);\n});",
      },
      { kind: 'p', text: 'Why write them:' },
      {
        kind: 'list',
        items: [
          'They catch mistakes while they are cheap: a broken validation message is found in the editor, not by a customer at checkout.',
          'They make change safe. Upgrading a library or restructuring a component is routine when a few hundred tests confirm the behaviour is unchanged.',
          'They document the rules. A test named "keeps the quantity between the minimum order and the stock" tells the next developer exactly what the code promises.',
          'They improve design: code that is hard to test is usually doing too much, and splitting it makes it easier to read as well.',
          'They run on every change in continuous integration, so a regression is stopped before it reaches the shop.',
        ],
      },
      {
        kind: 'p',
        text: 'Unit tests are the base of the testing pyramid, not all of it. This shop also runs end-to-end tests in a real browser against the real server, which check that the pieces work together: signing up, ordering a part and seeing it in My Orders. Good tests exercise behaviour the user sees, through labels and roles, rather than internal details, so they survive refactoring.',
      },
    ],
  },
  {
    slug: 'why-not-set-state-directly',
    question:
      'Why do you not set the state directly in React? For example, with const [products, setProducts] = useState([]), why do you not write products = [...] and use setProducts instead?',
    summary: 'Only the setter tells React that something changed, and React relies on state never being mutated.',
    body: [
      {
        kind: 'p',
        text: 'products is just a local constant holding the value React gave this render. Assigning to it (or pushing into the array) changes a variable that React knows nothing about: no re-render is scheduled, so the screen keeps showing the old list. On the next render React hands the component its stored state again, and the change is lost. In this example the assignment would not even compile, because products is declared with const.',
      },
      { kind: 'p', text: 'Calling setProducts does several things that a direct change cannot:' },
      {
        kind: 'list',
        items: [
          'It stores the new value in React\'s own state for that component, so it survives the next render.',
          'It schedules a re-render of the component and its children, so the screen shows the new list.',
          'It lets React batch several updates from one event into a single render, and keep concurrent rendering consistent.',
          'It works with the functional form setProducts(previous => [...previous, part]), which always starts from the latest value even when several updates are queued.',
        ],
      },
      {
        kind: 'p',
        text: 'React decides whether anything changed by comparing the old and new values with Object.is. If you mutate the existing array (products.push(part)) and then call setProducts(products), it is the same array, React sees no change and may skip the update; memoised children and effects that depend on products will also miss it. That is why state is treated as immutable: create a new array or object each time.',
      },
      {
        kind: 'code',
        code: "// wrong: mutates the array React is holding\nproducts.push(part);\n\n// right: a new array, then the setter\nsetProducts((previous) => [...previous, part]);",
      },
      {
        kind: 'p',
        text: 'Immutable updates also make the app easier to reason about: each render sees a consistent snapshot, undo and time-travel debugging become possible, and a cached answer (like the parts list TanStack Query keeps) is never changed behind the cache\'s back.',
      },
    ],
  },
];
