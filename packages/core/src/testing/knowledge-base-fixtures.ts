import type { NewCategory, NewForum, NewPost, NewPostComment, PostFilter } from "../knowledge-base-storage";
import type { Storage } from "../storage";
import { at, createTenant, newUser } from "./fixtures";

export function newCategory(overrides: Partial<NewCategory> = {}): NewCategory {
  return { title: "Getting started", content: "", display_limit: 10, sort: 0, created_at: at(0), updated_at: at(0), ...overrides };
}

export function newForum(categoryId: number, overrides: Partial<NewForum> = {}): NewForum {
  return { category_id: categoryId, title: "Printers", content: "", role_view: "all", sort: 0, created_at: at(0), updated_at: at(0), ...overrides };
}

export function newPost(forumId: number, authorId: number, overrides: Partial<NewPost> = {}): NewPost {
  return {
    forum_id: forumId,
    title: "Setting up a printer",
    content: "Plug it in",
    author_id: authorId,
    disable_comments: false,
    is_home: false,
    is_highlight: false,
    is_top: false,
    is_draft: false,
    is_dashboard: false,
    sort: 0,
    created_at: at(0),
    updated_at: at(0),
    tags: [],
    ...overrides,
  };
}

export function newPostComment(authorId: number, overrides: Partial<NewPostComment> = {}): NewPostComment {
  return { author_id: authorId, content: "Thanks!", created_at: at(0), updated_at: at(0), ...overrides };
}

/** Every forum and post, drafts included: what an admin sees. */
export const SEE_ALL: PostFilter = { roleViews: ["all", "logged_in", "agent"], drafts: "include" };
/** What a signed-in end user's lists show. */
export const END_USER_LISTS: PostFilter = { roleViews: ["all", "logged_in"], drafts: "exclude" };

/** A tenant with an agent, one category and one forum of each `role_view`. */
export async function seedKnowledgeBase(storage: Storage, host = "alpha.example.com") {
  const tenant = await createTenant(storage, host);
  const agent = await storage.users.create(tenant.id, newUser({ name: "Ada Agent", role: "agent" }));
  const category = await storage.categories.create(tenant.id, newCategory());
  const open = await storage.forums.create(tenant.id, newForum(category.id, { title: "Open", role_view: "all" }));
  const members = await storage.forums.create(tenant.id, newForum(category.id, { title: "Members", role_view: "logged_in" }));
  const staff = await storage.forums.create(tenant.id, newForum(category.id, { title: "Staff", role_view: "agent" }));
  return { tenantId: tenant.id, agent, category, open, members, staff };
}
