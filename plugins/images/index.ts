// Public surface of the images plugin.
export { imagesPlugin, IMAGES_PLUGIN_NAME, type ImagesService } from "./plugin.js";
export { resizeImage, dimensionNote, MAX_DIMENSION, MAX_BASE64_BYTES, type ResizedImage } from "./resize.js";
export { BLOCKED_NOTICE } from "./block.js";
