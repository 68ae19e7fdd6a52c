import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { NotFound } from './components/NotFound';
import { PageView } from './components/PageView';
import { pages } from './content/pages';

/** One route per page of the original site; the content lives in src/content/. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map((page) => (
          <Route key={page.route} path={page.route} element={<PageView page={page} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
