"""The classifier's classes in the order of its outputs, shared with the Go side
(classify.NumClasses): its own module so that scripts needing only the names (the photo
model card's writer) run on any Python 3, without OpenCV or NumPy."""
CLASSES = ["empty", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"]
