// The whole app's stylesheet as a module of its own, which the build fetches on demand
// (src/lib/lazy.ts): importing it adds index.css to the page and waits until it applies.
import '../index.css';
