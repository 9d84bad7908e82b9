import { Slide, ToastContainer } from 'react-toastify';

/** The toasts' container: top right, closing after 5000 ms. */
export default function Toaster() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop transition={Slide} theme="colored" closeOnClick={false} />;
}
