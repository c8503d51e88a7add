"""The classifier's classes in the order of its outputs, shared with the Go side
(classify.NumClasses), and the renders' styles: their own module so that scripts needing only the names (the photo
model card's writer) run on any Python 3, without OpenCV or NumPy."""
CLASSES = ["empty", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"]

# render.py's styles of board, in the order of the style numbers its crop files keep
# ("st"): the odd ones (tiny, low contrast) are all the last.
STYLES = ["screen", "book", "odd"]
