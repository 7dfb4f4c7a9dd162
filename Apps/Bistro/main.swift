print("bistro")
