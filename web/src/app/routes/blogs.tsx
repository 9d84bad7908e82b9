import { PageTitle } from '@/components/ui/page-title';
import { BlogList } from '@/features/blogs/components/blog-list';

export default function BlogsRoute() {
  return (
    <>
      <PageTitle title="Blogs" />
      <BlogList />
    </>
  );
}
