// The photo variants of content/media (CONTENT_DIR) copied into build/client/media. They are cached
// by content hash (node_modules/.cache/photos): only new photos are encoded.
import { contentDir } from "../../../app/content/reader/site-content.server.ts";
import { PhotoPipeline } from "../../../app/lib/photos/photo-pipeline.server.ts";

export const photos = {
  name: "photos",
  async run({ files }, pipeline = new PhotoPipeline({ contentDir: contentDir() })) {
    const published = await pipeline.publish(files.dir);
    return `${published.photos} photos, ${published.files} variants in ${files.dir}/media (${pipeline.encoded} encoded, ${pipeline.cacheHits} from the cache)`;
  },
};
