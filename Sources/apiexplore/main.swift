print("apiexplore")
